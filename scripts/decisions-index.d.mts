export type Decision = { number: string; file: string; title: string; status: string };
export function readDecision(file: string, text: string): Decision;
export function decisions(): Decision[];
export function renderIndex(list: Decision[]): string;
