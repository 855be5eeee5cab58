import { AddIconAction } from '~/features/list-icons/list-icons';

/** The right column of Manage List Icons when no form is open: the add action. */
export default function ListIconsPanel() {
  return <AddIconAction />;
}
