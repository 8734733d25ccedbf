// Keeps this browser's profile: writes or clears the trainer's cookies, which the server reads
// back (st.context.cookies) when the browser comes again, then says which request it has
// written (once per request: the page may then drop what the browser held before). Draws
// nothing.
let told = 0; // the request this page last said it wrote (the module lives as long as the page)

export default function (component) {
  const data = JSON.parse(new TextDecoder().decode(component.data)); // bytes of JSON
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  for (const item of (data && data.cookies) || []) {
    const keep = typeof item.value === "string" && item.value.length > 0;
    const value = keep ? encodeURIComponent(item.value) : "";
    const age = keep ? item.max_age : 0;
    document.cookie = `${item.name}=${value}; path=/; max-age=${age}; SameSite=Strict${secure}`;
  }
  const request = data && data.request;
  if (Number.isInteger(request) && request !== told) {
    told = request;
    component.setTriggerValue("written", request);
  }
}
