/**
 * Storage quotas for what a client can make the app keep (issue 17): far above what a person keeps,
 * low enough that a script cannot fill the disk through the contract. Data; the checks are in the stores.
 */
export const NOTES_QUOTA = { maxNotes: 2000, maxTotalBytes: 256 * 1024 * 1024 };
export const ATTACHMENTS_QUOTA = { maxCount: 1000, maxTotalBytes: 4 * 1024 * 1024 * 1024 };

const MIB = 1024 * 1024;
export const inMiB = (bytes: number): string => `${Math.round(bytes / MIB)} MiB`;
