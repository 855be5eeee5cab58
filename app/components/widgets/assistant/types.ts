import type { SubmissionResult } from '@conform-to/react';
import type { AssistantScreen } from '@server/assistant/screen';

/** What the assistant's page loads (app/features/assistant/assistant.server.ts), and what the dialog reads with a fetcher. */
export interface AssistantPageData {
  screen: AssistantScreen;
  back: string;
  context: { title: string; location: string; when: string };
  /** This page's own address (with its query but the run's), where posts go. */
  self: string;
}

export interface AssistantActionData {
  result?: SubmissionResult<string[]>;
  message?: string;
  /** With `dialog=1`: the run started, or the texts Use hands to the editor. */
  run?: { jobId: string; promptKey: string };
  use?: { title: string | null; description: string | null };
  edit?: { title: string; description: string; error: string | null };
  /** With `dialog=1`: reload the history (a response deleted or reworked). */
  reload?: boolean;
}
