// Links record their address in body[data-clicked] instead of leaving the page.
document.addEventListener('click', (e) => {
  const a = e.target.closest('a');
  if (a) { e.preventDefault(); document.body.dataset.clicked += a.getAttribute('href') + ';'; }
});
