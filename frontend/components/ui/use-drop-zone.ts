// A drop zone in front of a hidden file input: click, Enter or Space opens the picker (so the zone
// is keyboard usable) and dropped files go to the caller, which checks them and styles the zone.
import { useRef, useState, type DragEvent, type KeyboardEvent } from "react";

export function useDropZone(onFiles: (files: File[]) => void, disabled = false) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const open = () => {
    if (!disabled) inputRef.current?.click();
  };
  const zoneProps = {
    onClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        open();
      }
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      if (!disabled) onFiles(Array.from(e.dataTransfer?.files ?? []));
    },
  };
  return { inputRef, dragging, zoneProps };
}
