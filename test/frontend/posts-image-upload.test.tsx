import { ChakraProvider } from "@chakra-ui/react";
import { act, configure, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { Toaster, toaster } from "../../frontend/components/ui/toaster";
import ImageUploadDialog, { checkImageFile } from "../../frontend/components/posts/image-upload-dialog";
import { PostPreviewCard } from "../../frontend/features/posts/post-preview-card";
import { fakeApi } from "./fake-api";
import { FakeXhr, makeProject } from "./test-utils";

const project = makeProject({ brand_voice: "x", description: "x" });
let api: ReturnType<typeof fakeApi>;

// jsdom + Chakra on a busy machine: these interaction tests need more than the 5 s default.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  // The image itself goes up through XHR; fetch only attaches it to a post.
  api = fakeApi({ "PATCH /api/posts/:id": {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toaster.dismiss();
});

function renderDialog(extra: { postId?: string; accountId?: string } = {}) {
  const onComplete = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <ChakraProvider value={system}>
      <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project }}>
        <ImageUploadDialog open onOpenChange={onOpenChange} onComplete={onComplete} {...extra} />
        <Toaster />
      </AuthTestProvider>
    </ChakraProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "Upload Image" });
  const input = within(dialog).getByTestId("image-file-input") as HTMLInputElement;
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { dialog, onComplete, onOpenChange, choose };
}

const png = (size = 10) => new File([new Uint8Array(size)], "logo.png", { type: "image/png" });

describe("ImageUploadDialog", () => {
  it("shows the drop zone texts and keeps Upload Image disabled without a file", () => {
    const { dialog } = renderDialog();
    expect(within(dialog).getByText("Drag & drop an image here, or click to select")).toBeInTheDocument();
    expect(within(dialog).getByText("Supported formats: JPEG, PNG, GIF (max 5MB)")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload Image" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();
  });

  it("refuses a file over 5 MB before uploading", async () => {
    const { dialog, choose } = renderDialog();
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" }));
    expect(await screen.findAllByText("File size must be less than 5MB")).not.toHaveLength(0);
    expect(within(dialog).getByText("Upload Failed")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload Image" })).toBeDisabled();
    expect(FakeXhr.last).toBeNull();
  });

  it("refuses a file that is not JPEG, PNG or GIF", async () => {
    const { dialog, choose } = renderDialog();
    choose(new File(["%PDF"], "doc.pdf", { type: "application/pdf" }));
    expect(await within(dialog).findByText("Upload Failed")).toBeInTheDocument();
    expect(within(dialog).getAllByText(/JPEG, PNG or GIF/).length).toBeGreaterThan(0);
    expect(FakeXhr.last).toBeNull();
  });

  it("uploads with a real progress bar, then hands the media info over and closes", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onComplete, onOpenChange, choose } = renderDialog({ accountId: "acc1" });
    choose(png());
    expect(await within(dialog).findByRole("button", { name: "Remove image" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Upload Image" }));
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/projects/p1/media");
    expect(xhr.sent!.get("accountId")).toBe("acc1");
    expect((xhr.sent!.get("file") as File).name).toBe("logo.png");
    expect(within(dialog).getAllByText("Uploading...").length).toBeGreaterThan(0);
    act(() => xhr.progress(42, 100));
    expect(within(dialog).getByText("42%")).toBeInTheDocument();
    expect(within(dialog).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "42");
    const media = { url: "/media/abc", file_name: "logo.png", file_type: "image/png", file_size: 10 };
    act(() => xhr.respond(201, media));
    await waitFor(() => expect(onComplete).toHaveBeenCalledWith(media));
    expect(await screen.findByText("Image attached successfully!")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's error in the Upload Failed box and toasts the failure", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onComplete, choose } = renderDialog();
    choose(png());
    await user.click(await within(dialog).findByRole("button", { name: "Upload Image" }));
    act(() => FakeXhr.last!.respond(400, { error: { code: "invalid_input", message: "Unsupported file type. Please upload a JPEG, PNG or GIF image." } }));
    expect(await within(dialog).findByText("Upload Failed")).toBeInTheDocument();
    expect(within(dialog).getByText("Unsupported file type. Please upload a JPEG, PNG or GIF image.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to attach image")).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("a network error says Please try again", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, choose } = renderDialog();
    choose(png());
    await user.click(await within(dialog).findByRole("button", { name: "Upload Image" }));
    act(() => FakeXhr.last!.onerror?.());
    expect(await within(dialog).findByText("Please try again")).toBeInTheDocument();
  });

  it("removing the preview returns to the empty state", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, choose } = renderDialog();
    choose(png());
    await user.click(await within(dialog).findByRole("button", { name: "Remove image" }));
    expect(within(dialog).getByText("Drag & drop an image here, or click to select")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Upload Image" })).toBeDisabled();
  });

  it("attaches the image to a post when a post id is given", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, onComplete, choose } = renderDialog({ postId: "post9" });
    choose(png());
    await user.click(await within(dialog).findByRole("button", { name: "Upload Image" }));
    const media = { url: "/media/k", file_name: "logo.png", file_type: "image/png", file_size: 10 };
    act(() => FakeXhr.last!.respond(201, media));
    await waitFor(() => expect(onComplete).toHaveBeenCalled());
    const writes = api.calls.filter((c) => c.method !== "GET");
    expect(writes.map(({ method, url, body }) => ({ method, url, body }))).toEqual([{ method: "PATCH", url: "/api/posts/post9", body: { media_info: media } }]);
  });
});

describe("checkImageFile", () => {
  it("accepts JPEG/PNG/GIF up to 5 MB only", () => {
    expect(checkImageFile(new File(["x"], "a.jpg", { type: "image/jpeg" }))).toBeNull();
    expect(checkImageFile(new File(["x"], "a.gif", { type: "image/gif" }))).toBeNull();
    expect(checkImageFile(new File(["x"], "a.webp", { type: "image/webp" }))).not.toBeNull();
    expect(checkImageFile(new File([new Uint8Array(5 * 1024 * 1024)], "a.png", { type: "image/png" }))).toBeNull();
  });
});

describe("PostPreviewCard", () => {
  it("renders a 4:3 image frame and caps the width at 600 px", () => {
    render(
      <ChakraProvider value={system}>
        <PostPreviewCard content="Hi" hashtags={["a"]} imageUrl="/media/x" />
      </ChakraProvider>,
    );
    const card = screen.getByTestId("post-preview");
    expect(getComputedStyle(card).maxWidth).toBe("600px");
    expect(screen.getByRole("img", { name: "Attached image" })).toHaveAttribute("src", "/media/x");
    expect(screen.getByText("#a")).toBeInTheDocument();
  });
});
