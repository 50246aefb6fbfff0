/**
 * Quick stand-ins for Testing Library's `getByRole` in the large generated path tests. `getByRole` works out
 * the implicit role and accessible name of every element on the page for every query, which in jsdom costs
 * tens of milliseconds per query; a path test makes thousands. These look only at the elements that can
 * carry the role and use the same name rule these screens rely on (aria-labelledby, else aria-label, else the
 * visible text), and throw like `getBy*` when nothing or more than one element matches. A section counts as a
 * region only when it has a name, so `region` queries always pass one.
 */
const SELECTOR = {
  button: 'button, [role="button"]',
  checkbox: 'input[type="checkbox"]',
  combobox: 'select',
  searchbox: 'input[type="search"]',
  // A native <dialog> counts only while open (closed, it is hidden from the accessibility tree).
  dialog: '[role="dialog"], dialog[open]',
  alertdialog: '[role="alertdialog"]',
  alert: '[role="alert"]',
  status: '[role="status"]',
  row: 'tr',
  cell: 'td, [role="cell"]',
  columnheader: 'th',
  option: 'option',
  listitem: 'li, [role="listitem"]',
  region: 'section, [role="region"]',
  article: 'article, [role="article"]',
  link: 'a[href], [role="link"]',
  // Only elements given the role (named by aria-labelledby or aria-label): a fieldset is named by its legend, not here.
  group: '[role="group"]',
  list: 'ul, ol, [role="list"]',
  // Elements given the role (an icon with its aria-label); an <img> is found by its alt text (getByAltText).
  img: '[role="img"]',
} as const;
type Role = keyof typeof SELECTOR;

const labelledBy = (el: Element) => {
  const ids = el.getAttribute('aria-labelledby');
  return ids ? ids.split(/\s+/).map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '').join(' ') : null;
};
const nameOf = (el: Element) => (labelledBy(el) ?? el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
const matches = (el: Element, name?: string | RegExp) => name === undefined || (typeof name === 'string' ? nameOf(el) === name : name.test(nameOf(el)));

export function queryAll(role: Role, name?: string | RegExp, root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(SELECTOR[role])].filter((el) => matches(el, name));
}

export function query(role: Role, name?: string | RegExp, root: ParentNode = document): HTMLElement | null {
  const found = queryAll(role, name, root);
  if (found.length > 1) throw new Error(`${found.length} elements with role ${role} named ${String(name)}`);
  return found[0] ?? null;
}

export function get(role: Role, name?: string | RegExp, root: ParentNode = document): HTMLElement {
  const el = query(role, name, root);
  if (!el) throw new Error(`no element with role ${role} named ${String(name)}\n${document.body.innerHTML.slice(0, 2000)}`);
  return el;
}

const CONTROL = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'METER', 'OUTPUT', 'PROGRESS']);
/** A label's own text: what it says, not the options of a select or the value of a control inside it. */
const labelText = (label: Element): string =>
  [...label.childNodes]
    .map((n) => (n.nodeType === 3 ? n.textContent : n.nodeType === 1 && !CONTROL.has((n as Element).tagName) ? labelText(n as Element) : ''))
    .join('');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The controls whose <label> text (nested or `for=`) or aria-label is exactly `name`. */
function labelled(name: string, root: ParentNode): HTMLElement[] {
  const found = new Set<HTMLElement>();
  for (const label of root.querySelectorAll('label')) if (label.control && squash(labelText(label)) === name) found.add(label.control);
  for (const el of root.querySelectorAll<HTMLElement>('[aria-label]')) if (squash(el.getAttribute('aria-label')!) === name) found.add(el);
  return [...found];
}

/** Stand-in for `queryByLabelText(name)`: the one control labelled `name` (see `getLabelled`), or null; throws when several are. */
export function queryLabelled(name: string, root: ParentNode = document): HTMLElement | null {
  const found = labelled(name, root);
  if (found.length > 1) throw new Error(`${found.length} elements labelled ${name}\n${document.body.innerHTML.slice(0, 2000)}`);
  return found[0] ?? null;
}

/**
 * Stand-in for `getByLabelText(name)`: the one control whose <label> text (nested or `for=`) or aria-label is
 * exactly `name`; throws when none or several are.
 */
export function getLabelled(name: string, root: ParentNode = document): HTMLElement {
  const el = queryLabelled(name, root);
  if (!el) throw new Error(`0 elements labelled ${name}\n${document.body.innerHTML.slice(0, 2000)}`);
  return el;
}

/** The text of an element's own text nodes (Testing Library's `getNodeText`), spaces squashed. */
const ownText = (el: Element) => squash([...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''));

/** Stand-in for `queryByText(text)`: the one element whose own text is exactly `text`, or null; throws when several are. */
export function queryText(text: string, root: ParentNode = document): HTMLElement | null {
  const found = [...root.querySelectorAll<HTMLElement>('*')].filter((el) => el.tagName !== 'SCRIPT' && el.tagName !== 'STYLE' && ownText(el) === text);
  if (found.length > 1) throw new Error(`${found.length} elements with the text ${text}`);
  return found[0] ?? null;
}
