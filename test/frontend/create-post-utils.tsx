// Create Post rendered as the app renders it (theme, a fresh SWR cache, signed in as u1, the
// toaster), for the tests of the dialog. Kept apart from test-utils.tsx so that the other tests
// do not load the dialog's module.
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { vi } from "vitest";
import type { Project } from "../../schema/api/projects";
import { networkName } from "../../platforms/registry";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster } from "../../frontend/components/ui/toaster";
import CreatePostDialog, { type CreatePostDialogProps } from "../../frontend/features/posts/create-post-dialog";

/** Opens Create Post for `project` (null: no project yet); returns the dialog and its onOpenChange spy. */
export function renderCreatePost(project: Project | null, defaultMode?: CreatePostDialogProps["defaultMode"]) {
  const onOpenChange = vi.fn();
  render(
    <ChakraProvider value={system}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project }}>
          <CreatePostDialog open onOpenChange={onOpenChange} defaultMode={defaultMode} />
          <Toaster />
        </AuthTestProvider>
      </SWRConfig>
    </ChakraProvider>,
  );
  return { onOpenChange, dialog: screen.getByRole("dialog") };
}

/** "Generate with AI", the prompt typed, "Generate" pressed (the answer is the test's fetch stub). */
export async function generateWithAi(user: UserEvent, dialog: HTMLElement, prompt: string): Promise<void> {
  await user.click(within(dialog).getByRole("button", { name: "Generate with AI" }));
  await user.type(within(dialog).getByPlaceholderText("What would you like to post about?"), prompt);
  await user.click(within(dialog).getByRole("button", { name: "Generate" }));
}

/** Ticks network `id` in Create Post and unticks every other one: the post goes to `id` alone. */
export async function pickOnlyNetwork(user: UserEvent, dialog: HTMLElement, id: string): Promise<void> {
  const networks = within(dialog).getByRole("group", { name: "Networks" });
  await user.click(within(networks).getByRole("checkbox", { name: networkName(id) }));
  for (const box of within(networks).getAllByRole("checkbox")) {
    if ((box as HTMLInputElement).checked && box !== within(networks).getByRole("checkbox", { name: networkName(id) })) await user.click(box);
  }
}
