/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and
 * traps focus, Escape cancels, and focus returns to where it was when the dialog closes.
 */
import { useEffect, useRef, type ReactNode } from "react";

export function Modal({
  labelledBy,
  describedBy,
  onCancel,
  className,
  children,
  testId,
}: {
  labelledBy: string;
  describedBy?: string;
  /** Escape or the dialog's own cancel; omit to require an explicit choice. */
  onCancel?(): void;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const preferred = dialog.querySelector<HTMLElement>("[data-autofocus]");
    preferred?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // Back where the user was; if that is gone (e.g. it was inside another dialog), to the main content.
      if (previous?.isConnected) previous.focus();
      else document.getElementById("main")?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ""}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel?.();
      }}
    >
      {children}
    </dialog>
  );
}
