/**
 * The shell index.html paints before any script runs (header bands, sidebar, page blocks), read
 * once before React first renders into #root. It is shown again while the first page's code loads,
 * so the screen does not change from the painted HTML to a bare header and back.
 */
const painted = document.getElementById('root')?.innerHTML ?? '';

export function Shell() {
  return <div className="shell-host" dangerouslySetInnerHTML={{ __html: painted }} />;
}
