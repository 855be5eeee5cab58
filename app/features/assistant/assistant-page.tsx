import { Button, Card, Heading } from '@radix-ui/themes';
import { Link, useNavigate, useNavigation } from '@remix-run/react';
import { useCallback } from 'react';
import { Form } from '~/components/forms/form';
import { AssistantPanel, type FormTag } from '~/components/widgets/assistant/assistant-panel';
import { ASSISTANT_TEXTS } from '~/components/widgets/assistant/texts';
import type { AssistantActionData, AssistantPageData } from './assistant.server';

/** The assistant as a page (`/assistant/:assistantPath`): what opens without JavaScript, and what the dialog shows with it. */

const PageForm: FormTag = ({ children, ...props }) => (
  <Form {...props} preventScrollReset>
    {children}
  </Form>
);

export function AssistantPage({ data, actionData }: { data: AssistantPageData; actionData: AssistantActionData | undefined }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const posting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const onRunEnded = useCallback(() => navigate(data.self, { replace: true, preventScrollReset: true }), [navigate, data.self]);
  return (
    <Card size="3" className="assistant-page">
      <Heading as="h1" size="5" mb="3">
        {ASSISTANT_TEXTS.heading}
      </Heading>
      <AssistantPanel
        data={data}
        actionData={actionData}
        FormTag={PageForm}
        busy={typeof posting === 'string' ? posting : null}
        onRunEnded={onRunEnded}
        closeButton={
          <Button asChild variant="soft" color="gray">
            <Link to={data.back}>{data.screen.edit ? 'Cancel' : 'Close'}</Link>
          </Button>
        }
      />
    </Card>
  );
}
