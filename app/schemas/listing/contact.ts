import { z } from 'zod';
import { NAME_REQUIRED, optionalText, phone, requiredText } from './shared';

/** Contact info (spec 03 §9 default item shape "contact (name, position, phone)"; phone rule of spec 03 §5). */
export const ContactSchema = z.object({
  name: requiredText(NAME_REQUIRED, 120),
  position: optionalText(200),
  phone: phone(),
});

export type ContactForm = z.input<typeof ContactSchema>;
