import { intent, intents } from '~/lib/intent';

/** A person's editor in User Management: Save (rights), Remove from Community (asks first), Set Default Community. */
export const PersonIntent = intents(intent('save'), intent('remove'), intent('set-default'));

/** The invitation form: Send Invitation. */
export const InviteIntent = intents(intent('invite'));
