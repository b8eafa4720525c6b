/**
 * The HSN code and GST rate each seeded category is invoiced under (decision 0019 records the sources):
 * wooden furniture 9403 and seats 9401 at 18%; hand-made paintings 9701 and builders' carpentry of wood (wall
 * panels) 4418 at 5% since 22 September 2025. The owner edits them in the admin.
 */
export const SEED_CATEGORY_TAX: Record<string, { hsnCode: string; gstRateBp: number }> = {
  sofas: { hsnCode: '9401', gstRateBp: 1800 },
  paintings: { hsnCode: '9701', gstRateBp: 500 },
  'wall-panels': { hsnCode: '4418', gstRateBp: 500 },
};

export const DEFAULT_CATEGORY_TAX = { hsnCode: '9403', gstRateBp: 1800 };
