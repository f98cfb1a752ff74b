// Placeholder until the projects area lands the real dialog (same props).
export default function ProjectSettingsDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return null;
}
