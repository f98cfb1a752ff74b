import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { system } from "../../frontend/app/theme";
import { AuthTestProvider } from "../../frontend/lib/auth-context";
import { Toaster } from "../../frontend/components/ui/toaster";
import CampaignNewPage from "../../frontend/features/campaigns/campaign-new-page";
import type { Project } from "../../schema/api/projects";

/** The campaign creator at /campaigns/new for `project` (null: none chosen yet); scheduling lands on "Calendar here". */
export function renderCampaignNew(project: Project | null) {
  return render(
    <ChakraProvider value={system}>
      <AuthTestProvider value={{ user: { id: "u1", email: "a@example.com" }, project }}>
        <MemoryRouter initialEntries={["/campaigns/new"]}>
          <Routes>
            <Route path="/campaigns/new" element={<CampaignNewPage />} />
            <Route path="/calendar" element={<h1>Calendar here</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </AuthTestProvider>
    </ChakraProvider>,
  );
}
