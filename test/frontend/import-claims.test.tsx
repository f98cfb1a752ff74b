// The claim check in the CSV import preview (decision 260): each row's text goes through the same
// claim check as Create Post; a wrong price is underlined with the brand's fact, Replace changes the
// text that is imported, and nothing blocks the import.
import { ChakraProvider } from "@chakra-ui/react";
import { configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { system } from "../../frontend/app/theme";
import { CsvImportDialog } from "../../frontend/features/calendar/csv-import-dialog";
import { fakeApi } from "./fake-api";
import { wrongPrice } from "./test-utils";

configure({ asyncUtilTimeout: 5000 });

const REASON = "The brand book says £30";
let imported: { content: string }[] = [];

beforeEach(() => {
  imported = [];
  type Sent = { content?: string; rows?: { content: string }[] };
  fakeApi({
    "/api/projects/p1/claims": ({ body }) => {
      return { findings: wrongPrice((body as Sent).content!, REASON, { text: "The course costs £30.", source: "Brand book" }), passages: 3 };
    },
    "/api/projects/p1/import/check": ({ body }) => ({
      created: 0,
      results: (body as Sent).rows!.map((_, i) => ({ row: i + 1, ok: true, errors: [], platform: "twitter", scheduled_for: null })),
    }),
    "/api/projects/p1/import": ({ body }) => {
      const rows = (body as Sent).rows!;
      imported.push(...rows);
      return { created: rows.length, results: [] };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("CSV import preview", () => {
  it("underlines a row's unsupported price with the brand's fact; Replace changes what is imported", async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <ChakraProvider value={system}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <CsvImportDialog open projectId="p1" timeZone="UTC" onClose={() => {}} onImported={() => {}} />
        </SWRConfig>
      </ChakraProvider>,
    );
    const csv = ["content,network,date,time", "Course is £25 this week,twitter,,", "Doors open at noon,twitter,,"].join("\n");
    await user.upload(screen.getByLabelText("CSV file"), new File([csv], "posts.csv", { type: "text/csv" }));
    await screen.findByTestId("import-claims");
    const check = await screen.findByRole("region", { name: "Claim check, Row 1" });
    expect(within(check).getByText("£25")).toHaveAttribute("data-claim", "price");
    expect(within(check).getByText(REASON)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Claim check, Row 2" })).toBeNull();
    // Advice only: the import stays available while the claim is unresolved.
    expect(screen.getByRole("button", { name: "Import 2 valid rows" })).toBeEnabled();

    await user.click(within(check).getByRole("button", { name: "Replace “£25” with “£30”" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Claim check, Row 1" })).toBeNull());
    await user.click(screen.getByRole("button", { name: "Import 2 valid rows" }));
    await waitFor(() => expect(imported.map((r) => r.content)).toEqual(["Course is £30 this week", "Doors open at noon"]));
  });
});
