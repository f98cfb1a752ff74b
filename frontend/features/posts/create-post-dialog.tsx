// Placeholder until the posts area lands the real dialog (same props).
export default function CreatePostDialog(_props: { open: boolean; onOpenChange: (open: boolean) => void; defaultMode?: "now" | "schedule" }) {
  return null;
}
