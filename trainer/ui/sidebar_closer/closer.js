// Closes Streamlit's sidebar on a narrow screen after the learner switched language or page in
// it. Streamlit closes it after a page link only where the browser says it is a phone; a
// narrow window, a tablet or a phone asking for the desktop site kept it open over most of the
// page, and after a language switch it stayed, in the other language. `data` is the session's
// count of language switches and the page shown; the first value a page load sees is only
// noted (a reload closes nothing), and a sidebar already closed is left alone.
let seen = null;

// Another page opens at its top: Streamlit keeps the scroll of the page left (walk 42 came to
// "Check a hand" from a long review and found its title and instructions off the screen).
function pageOf(data) { return data.slice(data.indexOf(" ") + 1); }

export default function (component) {
  const now = new TextDecoder().decode(component.data); // bytes of "<switches> <page>"
  const before = seen;
  seen = now;
  if (before === null || before === now) return;
  if (pageOf(before) !== pageOf(now)) {
    const main = document.querySelector('[data-testid="stMain"]');
    if (main) main.scrollTo({ top: 0 });
    window.scrollTo({ top: 0 });
  }
  if (!window.matchMedia("(max-width: 767.98px)").matches) return;
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  if (sidebar && sidebar.getAttribute("data-collapsed") === "true") return;
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
  if (close) setTimeout(() => close.click(), 50);
}
