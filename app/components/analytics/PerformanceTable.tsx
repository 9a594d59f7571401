import type { ReactNode } from "react";
import type { TableFigure } from "~/rules/engagement-format";

/**
 * How a column's cell shows on a phone, where each row is a condensed block
 * rather than a line (performance-table.css, decision 068): the thumbnail
 * beside the row, the name across it, the other cells three to a line, with
 * their heading above them when the value alone would not say what it is.
 */
export type PhoneCell = "thumbnail" | "name" | "badge" | "labelled";

export interface PerformanceColumn<Row> {
  key: string;
  heading: string;
  phone: PhoneCell;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  render: (row: Row) => ReactNode;
}

const CELL_CLASS: Record<PhoneCell, string> = {
  thumbnail: "clipcart-cell-thumbnail",
  name: "clipcart-cell-name",
  badge: "clipcart-cell-badge",
  labelled: "clipcart-cell-labelled",
};

const classOf = (column: PerformanceColumn<never>) => `${CELL_CLASS[column.phone]}${column.numeric ? " clipcart-cell-numeric" : ""}`;

/**
 * One of Analytics' tables: a plain table whose columns fit its card (the
 * caller shows one group of measures at a time), and on a phone a condensed
 * block per row, from the same HTML, so nothing moves when the page hydrates.
 * The name column heads its row for assistive tech.
 */
export function PerformanceTable<Row extends { id: string }>({ columns, rows }: { columns: PerformanceColumn<Row>[]; rows: Row[] }) {
  const withThumbnails = columns.some((column) => column.phone === "thumbnail");
  return (
    <div className="clipcart-performance">
      <table className={`clipcart-performance-table${withThumbnails ? " clipcart-performance-table--thumbnails" : ""}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={classOf(column)}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) =>
                column.phone === "name" ? (
                  <th key={column.key} scope="row" className={classOf(column)}>
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.key} className={classOf(column)} data-label={column.phone === "labelled" ? column.heading : undefined}>
                    {column.render(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A figure as a table shows it; a compact one ("12K") carries its exact value as a tooltip. */
export function Figure({ figure }: { figure: TableFigure }) {
  return figure.exact ? (
    <abbr className="clipcart-figure" title={figure.exact}>
      {figure.shown}
    </abbr>
  ) : (
    <>{figure.shown}</>
  );
}
