/**
 * Attachments: the stored list, which ones go with the next question, files being added, and one
 * error per file that could not be added (too large, unreadable, refused by the engine). A file is
 * read after it is saved: attachment.progress events say which page, attachment.updated its new state
 * (and, should an event be missed, the list is asked again while a file is still being read). When a
 * file is done, the app says once whether Carefold could read it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { Attachment } from "../../shared/contract";
import type { ReadProgress } from "../lib/attachmentState";
import type { EngineClient } from "../transport/connect";
import { bytesToBase64 } from "../lib/base64";
import { sizeProblem, type Message } from "../lib/attachmentFiles";
import { errorInfo } from "../lib/errors";

export interface FileError extends Message {
  id: number;
}

let errorSeq = 0;

/** While a file is being read, the list is asked for again this often, in case an event was missed. */
const READING_POLL_MS = 2000;

export function useAttachments(client: EngineClient, announce: (key: Message) => void) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState<string[]>([]);
  const [errors, setErrors] = useState<FileError[]>([]);
  const [progress, setProgress] = useState<Record<string, ReadProgress>>({});

  const fail = useCallback((m: Message) => {
    setErrors((list) => [...list, { ...m, id: ++errorSeq }]);
  }, []);

  const refresh = useCallback(() => {
    client["attachments.list"]({})
      .then((list) => {
        setItems(list);
        setSelected((sel) => sel.filter((id) => list.some((a) => a.id === id)));
      })
      .catch((err: unknown) => fail({ key: "attachments.listFailed", params: { message: errorInfo(err).message } }));
  }, [client, fail]);

  useEffect(() => refresh(), [refresh]);

  // A small file can be read before attachments.add has answered: its state is kept for when it does.
  const updated = useRef(new Map<string, Attachment>());
  useEffect(
    () =>
      client.onEvent((e) => {
        if (e.type === "attachment.progress") {
          const { page, pages, stage } = e;
          setProgress((p) => ({ ...p, [e.attachmentId]: { page, pages, stage } }));
        } else if (e.type === "attachment.updated") {
          updated.current.set(e.attachment.id, e.attachment);
          setItems((list) => list.map((a) => (a.id === e.attachment.id ? e.attachment : a)));
          setProgress(({ [e.attachment.id]: _done, ...rest }) => rest);
        }
      }),
    [client],
  );

  const reading = items.some((a) => a.status === "reading");
  useEffect(() => {
    if (!reading) return;
    // Quietly: a failed poll is not the user's problem; the next one, or an event, brings the state.
    const timer = setInterval(() => {
      client["attachments.list"]({})
        .then((list) => setItems((items) => items.map((a) => list.find((b) => b.id === a.id) ?? a)))
        .catch(() => undefined);
    }, READING_POLL_MS);
    return () => clearInterval(timer);
  }, [reading, client]);

  // Said once per file when its reading ends, however the app learned of it.
  const wasReading = useRef(new Set<string>());
  useEffect(() => {
    for (const a of items) {
      if (a.status === "reading") wasReading.current.add(a.id);
      else if (wasReading.current.delete(a.id)) announce({ key: a.status === "failed" ? "files.announceFailed" : "files.announceRead", params: { name: a.name } });
    }
  }, [items, announce]);

  const addOne = useCallback(
    async (file: File) => {
      const problem = sizeProblem(file);
      if (problem) {
        fail(problem);
        return;
      }
      setAdding((list) => [...list, file.name]);
      try {
        const dataBase64 = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
        const answer = await client["attachments.add"]({ name: file.name, ...(file.type ? { mime: file.type } : {}), dataBase64 });
        const added = updated.current.get(answer.id) ?? answer;
        setItems((list) => [added, ...list.filter((a) => a.id !== added.id)]);
        // A file just added is most likely meant for the next question.
        setSelected((sel) => [...sel, added.id]);
        announce({ key: "attachments.added", params: { name: added.name } });
      } catch (err) {
        fail({ key: "attachments.addFailed", params: { name: file.name, message: errorInfo(err).message } });
      } finally {
        setAdding((list) => {
          const i = list.indexOf(file.name);
          return i < 0 ? list : [...list.slice(0, i), ...list.slice(i + 1)];
        });
      }
    },
    [client, fail, announce],
  );

  const addFiles = useCallback(
    async (files: File[]) => {
      for (const f of files) await addOne(f);
    },
    [addOne],
  );

  const remove = useCallback(
    async (attachment: Attachment) => {
      try {
        await client["attachments.remove"]({ id: attachment.id });
        setItems((list) => list.filter((a) => a.id !== attachment.id));
        setSelected((sel) => sel.filter((id) => id !== attachment.id));
        announce({ key: "attachments.removed", params: { name: attachment.name } });
      } catch (err) {
        fail({ key: "attachments.removeFailed", params: { name: attachment.name, message: errorInfo(err).message } });
      }
    },
    [client, announce, fail],
  );

  const toggle = useCallback((id: string) => {
    setSelected((sel) => (sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id]));
  }, []);

  const dismissError = useCallback((id: number) => setErrors((list) => list.filter((e) => e.id !== id)), []);
  const clearSelection = useCallback(() => setSelected([]), []);
  const read = useCallback((id: string) => client["attachments.read"]({ id }), [client]);

  return { items, selected, adding, errors, progress, addFiles, remove, toggle, clearSelection, dismissError, refresh, read };
}

export type AttachmentsModel = ReturnType<typeof useAttachments>;
