import { useLingui } from "@lingui/react/macro";
import { Pagination } from "@mantine/core";

/**
 * The lists' page switcher: Mantine's Pagination with the previous, next and page buttons named
 * in the UI language (screen readers otherwise hear bare numbers and arrows).
 */
export function ListPagination({ total, value, onChange }: { total: number; value: number; onChange: (page: number) => void }) {
  const { t } = useLingui();
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      siblings={1}
      getControlProps={(control) => (control === "previous" ? { "aria-label": t`Previous page` } : control === "next" ? { "aria-label": t`Next page` } : {})}
      getItemProps={(page) => ({ "aria-label": t`Page ${page}` })}
    />
  );
}
