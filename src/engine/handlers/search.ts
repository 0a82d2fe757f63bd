/** Search across the user's conversations and notes. */
import type { SearchPort } from "../search";
import type { Handlers } from "./types";

export function searchHandlers(search: SearchPort): Handlers<"search.run"> {
  return {
    "search.run": async (input) => ({ results: search.search(input.query) }),
  };
}
