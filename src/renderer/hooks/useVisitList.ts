/**
 * Adding a refused question to the user's visit-questions note: asked first (the dialog), then one
 * conflict-safe write — read the note with its revision, add the line, write expecting that revision
 * (a note changed meanwhile, in another window, is read again once; nothing is ever overwritten).
 */
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { noteNameFromTitle } from "../../shared/noteNames";
import { errorInfo } from "../lib/errors";
import { withQuestion } from "../lib/visitList";
import type { EngineClient } from "../transport/connect";

export function useVisitList(client: EngineClient, announce: (message: string) => void) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const noteTitle = t("visitList.noteTitle");

  const add = useCallback(async () => {
    const name = noteNameFromTitle(noteTitle);
    if (question === null || !name) return;
    setBusy(true);
    setProblem(null);
    try {
      for (let attempt = 0; ; attempt++) {
        const current = await client["notes.read"]({ name }).catch((err: unknown) => {
          if (errorInfo(err).code === "not_found") return null;
          throw err;
        });
        try {
          // "" means "must not exist yet": a note made meanwhile is read, not replaced.
          await client["notes.write"]({ name, content: withQuestion(current?.content ?? null, noteTitle, question), expectedRevision: current?.revision ?? "" });
          break;
        } catch (err) {
          if (errorInfo(err).code !== "conflict" || attempt > 0) throw err;
        }
      }
      announce(t("visitList.added", { note: noteTitle }));
      setQuestion(null);
    } catch (err) {
      setProblem(t("visitList.failed", { message: errorInfo(err).message }));
    } finally {
      setBusy(false);
    }
  }, [client, announce, noteTitle, question, t]);

  const offer = useCallback((q: string) => {
    setProblem(null);
    setQuestion(q);
  }, []);
  return { question, noteTitle, busy, problem, offer, cancel: () => setQuestion(null), add };
}
