/** Turns a title the user types into a valid note file name: the shared rule (src/shared/noteNames.ts). */
export { noteNameFromTitle } from "../../shared/noteNames";
