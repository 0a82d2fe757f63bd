/**
 * Attachments: the stored list, which ones go with the next question, files being added, and one
 * error per file that could not be added (too large, unreadable, refused by the engine).
 */
import { useCallback, useEffect, useState } from "react";
import type { Attachment } from "../../shared/contract";
import type { EngineClient } from "../transport/connect";
import { bytesToBase64 } from "../lib/base64";
import { sizeProblem, type Message } from "../lib/attachmentFiles";
import { errorInfo } from "../lib/errors";

export interface FileError extends Message {
  id: number;
}

let errorSeq = 0;

export function useAttachments(client: EngineClient, announce: (key: Message) => void) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState<string[]>([]);
  const [errors, setErrors] = useState<FileError[]>([]);

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
        const added = await client["attachments.add"]({ name: file.name, ...(file.type ? { mime: file.type } : {}), dataBase64 });
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

  return { items, selected, adding, errors, addFiles, remove, toggle, clearSelection, dismissError, refresh };
}

export type AttachmentsModel = ReturnType<typeof useAttachments>;
