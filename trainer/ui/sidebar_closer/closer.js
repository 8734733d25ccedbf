// Closes Streamlit's sidebar on a phone after the learner switched language in it, as Streamlit
// itself does after a tap on a page link: otherwise the sidebar stays over the page, now in the
// other language, and the learner must find the close button. `data` counts the session's
// switches; the first value a page load sees is only noted (a reload closes nothing).
let seen = null;

export default function (component) {
  const switches = new TextDecoder().decode(component.data); // bytes of the count
  const before = seen;
  seen = switches;
  if (before === null || before === switches) return;
  if (!window.matchMedia("(max-width: 767.98px)").matches) return;
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (close) setTimeout(() => close.click(), 50);
}
