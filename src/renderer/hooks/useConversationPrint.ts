/**
 * Printing a whole conversation (issue 18, item 8): the print sheet is mounted (flushSync, so it is in
 * the page before the print dialog takes its picture), printed, and removed after printing. The browser's
 * own Print command (Ctrl+P) gets the same sheet through `beforeprint`. In the desktop app "Save as PDF"
 * sends the sheet's HTML to host.printToPdf as a standalone document, as the visit agenda does.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { slugify } from "../../shared/text";
import { buildAgendaDocument } from "../lib/agendaDocument";
import { errorInfo } from "../lib/errors";
import { formatDate } from "../lib/format";
import { useServices } from "./services";

export type PrintMode = "paper" | "pdf";

export function useConversationPrint(title: string, hasMessages: boolean) {
  const { t, i18n } = useTranslation();
  const { client, announce } = useServices();
  const [mode, setMode] = useState<PrintMode | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const dateLine = t("agenda.preparedOn", { date: formatDate(new Date(), i18n.language) });

  useEffect(() => {
    if (!hasMessages) return;
    const before = () => flushSync(() => setMode((m) => m ?? "paper"));
    const after = () => setMode(null);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, [hasMessages]);

  const savePdf = useCallback(async () => {
    const html = buildAgendaDocument({ language: i18n.language, title, dateLine, bodyHtml: sheet.current?.innerHTML ?? "", footerLines: [t("agenda.footer")] });
    const fileName = `carefold-conversation-${new Date().toISOString().slice(0, 10)}-${slugify(title, 40) || "conversation"}`;
    try {
      const result = await client["host.printToPdf"]({ html, fileName });
      announce(result.saved && result.path ? t("agenda.savedPdf", { path: result.path }) : t("agenda.notSaved"));
    } catch (err) {
      announce(t("agenda.pdfFailed", { message: errorInfo(err).message }));
    } finally {
      setMode(null);
    }
  }, [client, announce, t, i18n.language, title, dateLine]);

  const start = useCallback(
    (next: PrintMode) => {
      flushSync(() => setMode(next));
      if (next === "paper") window.print();
      else void savePdf();
    },
    [savePdf],
  );

  return { mode, sheet, dateLine, start };
}
