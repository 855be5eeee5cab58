import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { CompletionButtons } from '~/components/completion-buttons';
import { Form } from '~/components/forms/form';
import type { EntryActionData, EntryViewData, StepView } from './entry.server';

/**
 * One guest entry in the entries list's right column (spec 02 "Guest entries"): a form entry's
 * submission date, PDF link and answers; a hunt entry's responses with their scores, the golf
 * scorecard and the scoring summary; Completed, Denied (Reopened in the archive) and Cancel.
 * Every button is a plain form post: it works without JavaScript.
 */
export function EntryView({ data, actionData }: { data: EntryViewData; actionData: EntryActionData | undefined }) {
  return (
    <Flex direction="column" gap="3" className="entry-view">
      <Heading as="h2" size="4" tabIndex={-1}>
        {data.name}
      </Heading>
      <Text as="p" size="2" color="gray">
        {data.itemTitle}
        {data.email && data.email !== data.name ? ` · ${data.email}` : ''}
      </Text>
      <dl className="entry-facts">
        <div>
          <dt>Submitted</dt>
          <dd>{data.submitted || 'Unknown'}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{data.status}</dd>
        </div>
        {data.event ? (
          <div>
            <dt>Event</dt>
            <dd>{data.event}</dd>
          </div>
        ) : null}
      </dl>
      {data.pdfUrl ? (
        <Text as="p">
          {data.pdfStored ? (
            <a href={data.pdfUrl} target="_blank" rel="noreferrer">
              Download PDF
            </a>
          ) : (
            // Made on request: the job's page follows it to the download (a plain link, so it works without JavaScript).
            <a href={data.pdfUrl}>Download PDF</a>
          )}
        </Text>
      ) : null}
      {actionData?.error ? (
        <Text as="p" color="red" role="alert">
          {actionData.error}
        </Text>
      ) : null}
      {data.steps ? <HuntSteps data={data} /> : <Answers data={data} />}
      <CompletionButtons completed={data.completed} choices={data.choices} closeHref={data.closeHref} />
    </Flex>
  );
}

function Answers({ data }: { data: EntryViewData }) {
  return (
    <dl className="entry-answers">
      {data.answers.map((answer, index) => (
        <div key={`${answer.label}-${index}`}>
          <dt>{answer.label}</dt>
          <dd>
            {answer.kind === 'image' && answer.src ? (
              <img src={answer.src} alt={answer.label} className="entry-image" />
            ) : answer.kind === 'empty' ? (
              <Text color="gray">{answer.text}</Text>
            ) : (
              answer.text
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function HuntSteps({ data }: { data: EntryViewData }) {
  const steps = data.steps ?? [];
  return (
    <Flex direction="column" gap="3">
      {data.summary ? (
        <ScrollRegion>
          <table className="entry-table entry-summary">
            <caption>Step scoring summary</caption>
            <thead>
              <tr>
                <th scope="col">Steps</th>
                <th scope="col">Answered</th>
                <th scope="col">Correct</th>
                <th scope="col">Incorrect</th>
                <th scope="col">Not scored</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>{data.summary.steps}</td>
                <td>{data.summary.answered}</td>
                <td>{data.summary.correct}</td>
                <td>{data.summary.incorrect}</td>
                <td>{data.summary.unscored}</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {steps.map((step) => (
        <Step key={step.key} step={step} />
      ))}
    </Flex>
  );
}

function Step({ step }: { step: StepView }) {
  const headingId = `step-${step.key}-title`;
  return (
    <Card id={`step-${step.key}`} aria-labelledby={headingId}>
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="3" id={headingId}>
            {step.title}
          </Heading>
          {step.scorable ? <Badge color={step.score === 1 ? 'green' : step.score === 0 ? 'red' : 'gray'}>{step.scoreText}</Badge> : null}
        </Flex>
        {step.golf ? (
          <GolfScorecard step={step} />
        ) : step.photo ? (
          <img src={step.photo} alt={`Response to ${step.title}`} className="entry-image" />
        ) : step.answer ? (
          <Text as="p">{step.answer}</Text>
        ) : (
          <Text as="p" color="gray">
            Not Answered
          </Text>
        )}
        {step.expected && !step.golf ? <Text as="p" size="2" color="gray">{`Expected answer: ${step.expected}`}</Text> : null}
        {step.scorable ? (
          <Form method="post" aria-label={`Score ${step.title}`}>
            <input type="hidden" name="step" value={step.key} />
            <input type="hidden" name="was" value={step.score === null ? '' : String(step.score)} />
            <Flex gap="2" wrap="wrap">
              <Button type="submit" name="intent" value="score:correct" variant={step.score === 1 ? 'solid' : 'soft'} color="green">
                Correct
              </Button>
              <Button type="submit" name="intent" value="score:incorrect" variant={step.score === 0 ? 'solid' : 'soft'} color="red">
                Incorrect
              </Button>
              <Button type="submit" name="intent" value="score:clear" variant="soft" color="gray" disabled={step.score === null}>
                Clear score
              </Button>
            </Flex>
          </Form>
        ) : null}
      </Flex>
    </Card>
  );
}

function GolfScorecard({ step }: { step: StepView }) {
  const card = step.golf;
  if (!card || card.players.length === 0) {
    return (
      <Text as="p" color="gray">
        Not Answered
      </Text>
    );
  }
  const holes = Array.from({ length: card.holes }, (_, hole) => hole);
  return (
    <ScrollRegion>
      <table className="entry-table">
        <caption>{`${step.title} scorecard`}</caption>
        <thead>
          <tr>
            <th scope="col">Hole</th>
            {holes.map((hole) => (
              <th scope="col" key={hole}>
                {hole + 1}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Par</th>
            {card.par.map((par, hole) => (
              <td key={hole}>{par}</td>
            ))}
            <td>{card.parTotal}</td>
          </tr>
          {card.players.map((player) => (
            <tr key={player.name}>
              <th scope="row">{player.name}</th>
              {player.scores.map((score, hole) => (
                <td key={hole}>{score ?? '–'}</td>
              ))}
              <td>
                {player.total} ({player.toPar === 0 ? 'E' : player.toPar > 0 ? `+${player.toPar}` : player.toPar})
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * A table wider than the column on a phone scrolls sideways inside it; the region takes the
 * keyboard focus so that people without a pointer can scroll it too (axe scrollable-region-focusable).
 */
function ScrollRegion({ children }: { children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="entry-table-scroll" tabIndex={0}>
      {children}
    </div>
  );
}
