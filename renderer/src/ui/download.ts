// Saves data as a file through the browser's download (works in Electron and in a browser).
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function downloadText(data: string, fileName: string, mediaType: string) {
  downloadBlob(new Blob([data], { type: mediaType }), fileName);
}
