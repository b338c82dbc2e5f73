/**
 * A squarified treemap (Bruls, Huizing and van Wijk, 2000): rectangles with areas proportional to their
 * weights, laid out row by row so that each stays close to a square, which keeps small tiles readable.
 */
export type Tile<T> = { item: T; x: number; y: number; width: number; height: number };

type Box = { x: number; y: number; width: number; height: number };

/** The worst aspect ratio in a row of `areas` laid along a side of length `side`. */
function worst(areas: readonly number[], side: number): number {
  const sum = areas.reduce((total, area) => total + area, 0);
  const max = Math.max(...areas);
  const min = Math.min(...areas);
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
}

export function squarify<T>(items: readonly T[], weight: (item: T) => number, width: number, height: number): Array<Tile<T>> {
  const weighted = items.map((item) => ({ item, weight: Math.max(0, weight(item)) })).filter((entry) => entry.weight > 0);
  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  if (total === 0 || width <= 0 || height <= 0) return [];
  const scale = (width * height) / total;
  const queue = [...weighted].sort((a, b) => b.weight - a.weight).map((entry) => ({ item: entry.item, area: entry.weight * scale }));
  const tiles: Array<Tile<T>> = [];
  let box: Box = { x: 0, y: 0, width, height };
  while (queue.length > 0) {
    const side = Math.min(box.width, box.height);
    const row = [queue.shift()!];
    while (queue.length > 0 && worst([...row, queue[0]!].map((entry) => entry.area), side) <= worst(row.map((entry) => entry.area), side)) {
      row.push(queue.shift()!);
    }
    const rowArea = row.reduce((sum, entry) => sum + entry.area, 0);
    const thickness = rowArea / side;
    let offset = 0;
    for (const entry of row) {
      const length = entry.area / thickness;
      tiles.push(
        box.width >= box.height
          ? { item: entry.item, x: box.x, y: box.y + offset, width: thickness, height: length }
          : { item: entry.item, x: box.x + offset, y: box.y, width: length, height: thickness },
      );
      offset += length;
    }
    box =
      box.width >= box.height
        ? { x: box.x + thickness, y: box.y, width: box.width - thickness, height: box.height }
        : { x: box.x, y: box.y + thickness, width: box.width, height: box.height - thickness };
  }
  return tiles;
}
