/**
 * A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert and
 * traps focus, Escape cancels, and focus returns to where it was when the dialog closes. It opens
 * scrolled to the top; its row of actions stays in view at the bottom while the rest scrolls.
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
  const unmounting = useRef(false);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The actions stay in view at the bottom (sticky); keep focused content clear of them when it scrolls.
    const actions = dialog.querySelector<HTMLElement>(".dialog-actions");
    const padForActions = () => {
      dialog.style.scrollPaddingBottom = actions ? `${actions.offsetHeight + 8}px` : "";
    };
    padForActions();
    const resized = typeof ResizeObserver === "function" && actions ? new ResizeObserver(padForActions) : null;
    if (actions) resized?.observe(actions);
    // Open at the top, so the title and what is asked are read first, even with large text.
    const preferred = dialog.querySelector<HTMLElement>("[data-autofocus]");
    preferred?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
    // Chromium may close a dialog on Escape without a cancel event (close watchers without user
    // activation): treat any close we did not ask for as a cancel, or reopen when a choice is required.
    const onClose = () => {
      if (unmounting.current) return;
      if (cancelRef.current) cancelRef.current();
      else dialog.showModal();
    };
    dialog.addEventListener("close", onClose);
    return () => {
      unmounting.current = true;
      dialog.removeEventListener("close", onClose);
      resized?.disconnect();
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
