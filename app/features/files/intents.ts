import { intent, intents } from '~/lib/intent';

/** File management: Upload into the folder open, Rename a file, Delete a file (asked first). */
export const FilesIntent = intents(intent('upload'), intent('rename'), intent('delete'));
