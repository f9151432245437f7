// The workbench's UI font, for what CSS does not style (the graph's canvas labels, its measure
// of label widths, the exported SVG). The same stack as `--font-ui` in styles/app.css: keep both in step.
export const UI_FONT_STACK = "system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Ubuntu, Cantarell, 'Noto Sans', sans-serif";
