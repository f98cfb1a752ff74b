import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { AuthTestProvider, type AuthState } from "../../frontend/lib/auth-context";
import { system } from "../../frontend/app/theme";
import { fakeApi } from "./fake-api";

/** Replaces fetch (fake-api.ts): answers from `routes` (path -> [status, body]) and returns every call. */
export function mockFetch(routes: Record<string, [number, unknown]>) {
  return fakeApi(routes).calls;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

export function renderAt(path: string, page: ReactNode, auth: Partial<AuthState> = {}, state?: unknown) {
  return render(
    <ChakraProvider value={system}>
      <AuthTestProvider value={auth}>
        <MemoryRouter initialEntries={[{ pathname: path.split("?")[0], search: path.includes("?") ? `?${path.split("?")[1]}` : "", state }]}>
          <Routes>
            <Route path={path.split("?")[0]} element={page} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AuthTestProvider>
    </ChakraProvider>,
  );
}

/** As a person would: types each field (by its label), then presses the submit button; returns the user for what follows. */
export async function fillAndSubmit(fields: Record<string, string>, submit: string) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole("button", { name: submit }));
  return user;
}
