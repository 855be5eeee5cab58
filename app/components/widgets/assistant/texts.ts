/** The assistant's words on screen (spec 02 "AI writing assistant dialog"), for the browser. */
export const ASSISTANT_TEXTS = {
  heading: 'AI Writing Assistant',
  placeholder: 'Enter prompt...',
  useTooltip: 'Uses each text item.',
  thinking: 'Thinking...',
  noHistory: 'No prompts yet. Describe what you are planning and press Search.',
  failed: 'The writing assistant could not answer. Please try again later.',
  open: 'AI Writing Assistant',
  improve: 'Improve Title and Description',
  used: 'The assistant’s text is in the form below. Submit to save it.',
} as const;
