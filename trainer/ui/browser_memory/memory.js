// Keeps this browser's profile: posts the one-time key the page was given to the server, whose
// answer sets the trainer's cookies as HttpOnly (page script never sees the sign-in token), then
// says which request it has written — or that the key was lost (a replica restarted, a key too
// old), so the page hands the cookies off again. Draws nothing.
let posted = ""; // the last key this page posted (the module lives as long as the page)

export default function (component) {
  const data = JSON.parse(new TextDecoder().decode(component.data)); // bytes of JSON
  const key = data && data.key;
  const request = data && data.request;
  if (typeof key !== "string" || key.length === 0 || key === posted) {
    return;
  }
  posted = key;
  fetch(data.route, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key, secure: window.location.protocol === "https:" }),
  })
    .then((answer) => component.setTriggerValue(answer.ok ? "written" : "lost", request))
    .catch(() => component.setTriggerValue("lost", request));
}
