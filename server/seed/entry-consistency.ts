import { type Paths, keyProblem } from '@server/paths';
import { completionProblems, list, obj, type Tree } from './checks';

/**
 * Checks of a community's hunts, and of its entries against what they answer: form entries
 * (RSVP and feedback included), hunt entries and orders.
 */
export function entryProblems(community: string, data: Tree, written: Tree, allEvents: Tree, paths: Paths): string[] {
  const problems: string[] = [];
  const hunts = obj(data.hunts);
  const forms = obj(data['custom-forms']);
  const store = obj(data.store);

  // Hunts.
  for (const [huntKey, hunt] of Object.entries(hunts)) {
    const steps = list(obj(hunt).steps).map(obj);
    const stepTypes = ['photo', 'answer', 'multiple_choice_single', 'golf', 'scan'];
    steps.forEach((step, index) => {
      const where = `${paths.hunt(community, huntKey)}/steps/${index}`;
      if (!stepTypes.includes(String(step.type))) problems.push(`${where}: unknown step type`);
      if (typeof step.key !== 'string' || keyProblem(step.key)) problems.push(`${where}: a step needs a key`);
      if (step.type === 'multiple_choice_single' && !list(step.choices).includes(step.answer ?? null))
        problems.push(`${where}: the answer must be one of the choices`);
      if (step.type === 'golf' && !list(step.par).every((par) => typeof par === 'number'))
        problems.push(`${where}: par is a number per hole`);
    });
  }

  // Entries: forms (including RSVP and feedback), hunts, orders.
  for (const [formKey, entries] of Object.entries(obj(written['custom-forms']))) {
    const form = obj(forms[formKey]);
    if (!forms[formKey]) problems.push(`${paths.entries(community, 'custom-forms', formKey)}: no custom form "${formKey}"`);
    const dataFields = new Set(
      list(form.fields)
        .map(obj)
        .filter((field) => !['header', 'label', 'static'].includes(String(field.type)))
        .map((field) => String(field.name)),
    );
    for (const [entryId, rawEntry] of Object.entries(obj(entries))) {
      const entry = obj(rawEntry);
      const where = paths.entry(community, 'custom-forms', formKey, entryId);
      problems.push(...completionProblems(where, entry));
      if (entry.communityId !== community) problems.push(`${where}: communityId must be ${community}`);
      for (const [name, answer] of Object.entries(obj(entry.answers))) {
        if (!dataFields.has(name)) problems.push(`${where}: "${name}" is not a data field of the form`);
        if (!('value' in obj(answer))) problems.push(`${where}/answers/${name}: an answer is { value }`);
      }
      for (const field of list(form.fields).map(obj)) {
        if (
          field.required === true &&
          dataFields.has(String(field.name)) &&
          !obj(entry.answers)[String(field.name)] &&
          field.type !== 'image'
        ) {
          problems.push(`${where}: the required field "${String(field.name)}" has no answer`);
        }
      }
      if (entry.eventId !== undefined) {
        const event = obj(allEvents[String(entry.eventId)]);
        if (!allEvents[String(entry.eventId)]) problems.push(`${where}: no event "${String(entry.eventId)}"`);
        else {
          if (event.rsvpRequest !== true || event.rsvpFormKey !== formKey) problems.push(`${where}: the event does not ask for this form`);
          if (entry.eventStartDate !== event.startDate || entry.eventTitle !== event.title)
            problems.push(`${where}: eventTitle and eventStartDate must match the event`);
          if (!list(event.contexts).includes(entry.eventContext ?? null))
            problems.push(`${where}: eventContext is not one of the event's contexts`);
        }
      }
    }
  }
  for (const [huntKey, entries] of Object.entries(obj(written.hunts))) {
    const steps = new Map(list(obj(hunts[huntKey]).steps).map((step) => [String(obj(step).key), obj(step)]));
    if (!hunts[huntKey]) problems.push(`${paths.entries(community, 'hunts', huntKey)}: no hunt "${huntKey}"`);
    const meta = new Set(['createdBy', 'loggedInUser', 'loggedInEmail', 'communityId', 'createDate', 'completed', 'completedBy']);
    for (const [entryId, rawEntry] of Object.entries(obj(entries))) {
      const entry = obj(rawEntry);
      const where = paths.entry(community, 'hunts', huntKey, entryId);
      problems.push(...completionProblems(where, entry));
      for (const [stepKey, response] of Object.entries(entry)) {
        if (meta.has(stepKey)) continue;
        const step = steps.get(stepKey);
        if (!step) {
          problems.push(`${where}: "${stepKey}" is not a step of the hunt`);
          continue;
        }
        const scored = obj(response).scored;
        if (scored !== undefined && scored !== 0 && scored !== 1)
          problems.push(`${paths.entryStep(community, 'hunts', huntKey, entryId, stepKey)}: scored is 1, 0 or absent`);
        if (step.type === 'golf') {
          for (const [player, scores] of Object.entries(obj(obj(response).scores))) {
            if (list(scores).length !== list(step.par).length) problems.push(`${where}/${stepKey}: ${player} needs one score per hole`);
          }
        }
      }
    }
  }
  for (const [orderId, rawOrder] of Object.entries(obj(written.orders))) {
    const order = obj(rawOrder);
    const where = paths.order(community, orderId);
    problems.push(...completionProblems(where, order));
    const items = list(order.cartItems).map(obj);
    if (items.length === 0) problems.push(`${where}: an order has cartItems`);
    for (const item of items) {
      if (!store[String(item.storeItemKey)]) problems.push(`${where}: no store item "${String(item.storeItemKey)}"`);
      else if (obj(store[String(item.storeItemKey)]).title !== item.storeItemTitle)
        problems.push(`${where}: storeItemTitle differs from the store item`);
    }
  }
  return problems;
}
