/**
 * A table of values with its caption, in a focusable, named region that scrolls sideways when it is
 * wider than the page (axe: scrollable-region-focusable). The first column heads each row.
 */
import { useId, type ReactNode } from "react";

export function DataTable({ caption, columns, rows, className }: { caption: string; columns: string[]; rows: ReactNode[][]; className?: string }) {
  const id = useId();
  return (
    <div className="table-scroll" role="group" tabIndex={0} aria-labelledby={id}>
      <table className={className ? `data-table ${className}` : "data-table"}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
