/** The profile the app has open, for the header's "Switch person" and the People settings (null: no profiles here, e.g. a kiosk). */
import { createContext, useContext } from "react";
import type { ProfileSummary } from "../../shared/profileSchemas";

export interface ProfileState {
  current: ProfileSummary;
  profiles: ProfileSummary[];
  relockMinutes: number;
  /** Back to the picker (the profile is closed; with a PIN it is needed again). */
  switchPerson(): void;
  /** Ask the host again (after a change in Settings). */
  refresh(): Promise<void>;
}

export const ProfileContext = createContext<ProfileState | null>(null);

export function useProfile(): ProfileState | null {
  return useContext(ProfileContext);
}

/** The name shown for a profile: the one it was given, or "Me" for the unnamed first one. */
export function profileLabel(profile: ProfileSummary, me: string): string {
  return profile.name ?? me;
}
