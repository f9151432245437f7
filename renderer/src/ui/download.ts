// Saves text as a file through the browser's download (works in Electron and in a browser).
export function downloadText(data: string, fileName: string, mediaType: string) {
  const url = URL.createObjectURL(new Blob([data], { type: mediaType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
