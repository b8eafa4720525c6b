import type { Product, ProductPatchInput } from '../../../contract/catalog';
import type { FieldErrors } from '../../lib/errors';

/** The shapes the catalogue's writes take and answer (its reads' side, the product form's edits, the CSV import). */

/** What the writes need from the read side: the cache to drop and fresh reads to answer with. */
export interface CatalogReads {
  invalidate(): void;
  getProduct(slug: string): Promise<Product>;
}

export interface ProductImageEdits {
  /** URLs of newly stored images, appended in this order. */
  add?: string[];
  /** Existing images to drop, by id or URL. */
  remove?: string[];
  /** Existing images in their new order, by id or URL; images not named keep their order after these. */
  order?: string[];
}

export interface TaxonomyInput {
  name?: string;
  slug?: string;
  description?: string;
}

export interface CategoryInput extends TaxonomyInput {
  hsn_code?: string;
  /** Percent. */
  gst_rate?: number;
}

export interface SubcategoryInput extends TaxonomyInput {
  category?: string;
}

export interface ImportRow {
  /** Line of the file, for the report. */
  line: number;
  slug: string | null;
  /** The row's fields when they parsed; null with `errors` otherwise. */
  input: ProductPatchInput | null;
  errors?: FieldErrors;
}

export interface ImportRowResult {
  line: number;
  slug: string | null;
  name: string | null;
  action: 'create' | 'update' | 'unchanged' | 'error';
  /** The fields a create sets or an update changes. */
  changes: string[];
  errors?: FieldErrors;
}

export interface ImportReport {
  applied: boolean;
  summary: Record<ImportRowResult['action'], number>;
  rows: ImportRowResult[];
}
