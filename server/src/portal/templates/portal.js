// The portal's one script: the Copy buttons. Everything else works without it.
document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  const status = document.getElementById("copy-status");
  try {
    await navigator.clipboard.writeText(field.value);
    if (status) status.textContent = "Copied.";
  } catch (e) {
    field.select();
    if (status) status.textContent = "Select the key and copy it.";
  }
});
