/**
 * Where a page's heading outline skips a level going down (an h1 followed by an h3): each as
 * "h1 → h3 <text>". Screen-reader users move by heading level; a skipped one reads as a missing section.
 */
export function skippedHeadingLevels(root: ParentNode): string[] {
  const headings = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  return headings.flatMap((heading, i) => {
    const level = Number(heading.tagName[1]);
    const previous = i === 0 ? 0 : Number(headings[i - 1]!.tagName[1]);
    return level > previous + 1 ? [`h${previous} → h${level} ${heading.textContent ?? ''}`] : [];
  });
}
