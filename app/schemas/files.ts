import { z } from 'zod';

/**
 * File management's forms (decision 043): the folder open, a file of it, a new name. Paths are
 * relative to the community's folder of files and checked again on the server
 * (server/files/names.ts), which gives the words of every refusal.
 */

/** Longer than any storage path (1024 bytes). */
const Path = z.string().max(1100, 'This path is too long.');

export const UploadFilesSchema = z.object({ folder: Path.optional(), file: z.unknown() });

export const RenameFileSchema = z.object({
  path: Path,
  name: z.string({ required_error: 'Name is required.' }).max(1000, 'A name can be at most 200 characters.'),
  confirm: z.literal('yes').optional(),
});

export const DeleteFileSchema = z.object({ path: Path, confirm: z.literal('yes').optional() });
