// A small coloured shape for a category, as nodes of that category look in the graph.
import { CATEGORY_STYLE, categoryOf, shapePath } from './categories';
import { useColorScheme } from './use-color-scheme';

export function CategoryDot({ category, size = 12, title }: { category: string | null | undefined; size?: number; title?: string }) {
  const scheme = useColorScheme();
  const c = CATEGORY_STYLE[categoryOf(category)];
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" className="category-dot" aria-hidden={title ? undefined : true} role={title ? 'img' : undefined}>
      {title && <title>{title}</title>}
      <path d={shapePath(c.shape, 10, 10, 17, 17)} fill={c[scheme]} stroke={c[scheme]} strokeWidth={1.2} strokeLinejoin="round" />
    </svg>
  );
}
