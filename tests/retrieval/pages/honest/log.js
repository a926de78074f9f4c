// Every trusted click and every value or state change, for the tests to read (window.__log).
window.__log = [];
const what = (el) => el.id || (el.closest('[id]') || {}).id || el.tagName.toLowerCase();
document.addEventListener('click', (ev) => { if (ev.isTrusted) window.__log.push('click ' + what(ev.target)); }, true);
document.addEventListener('change', (ev) => {
  const el = ev.target;
  const v = (el.type === 'checkbox' || el.type === 'radio') ? String(el.checked) : el.value;
  window.__log.push('change ' + what(el) + ' ' + v);
}, true);
document.querySelectorAll('[role=switch]').forEach((s) => s.addEventListener('click', () =>
  s.setAttribute('aria-checked', s.getAttribute('aria-checked') === 'true' ? 'false' : 'true')));
document.querySelectorAll('[aria-pressed]').forEach((b) => b.addEventListener('click', () =>
  b.setAttribute('aria-pressed', b.getAttribute('aria-pressed') === 'true' ? 'false' : 'true')));
document.querySelectorAll('[role=tab]').forEach((t) => t.addEventListener('click', () => {
  t.parentElement.querySelectorAll('[role=tab]').forEach((x) => x.setAttribute('aria-selected', String(x === t)));
}));
document.querySelectorAll('[role=treeitem] > span').forEach((s) => s.addEventListener('click', () => {
  const li = s.parentElement;
  if (li.hasAttribute('aria-expanded')) li.setAttribute('aria-expanded', li.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
  document.querySelectorAll('[role=treeitem]').forEach((x) => x.removeAttribute('aria-selected'));
  li.setAttribute('aria-selected', 'true');
}));
document.querySelectorAll('[role=treeitem] > .twisty').forEach((b) => b.addEventListener('click', () => {
  const li = b.parentElement;
  li.setAttribute('aria-expanded', li.getAttribute('aria-expanded') === 'true' ? 'false' : 'true');
}));
const all = document.querySelector('.select-all');
if (all) all.addEventListener('change', () => document.querySelectorAll('.row-box').forEach((c) => { c.checked = all.checked; }));
