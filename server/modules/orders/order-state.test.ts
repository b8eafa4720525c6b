import { describe, expect, it } from 'vitest';
import { ORDER_FLOW, ORDER_STAGES, WORKSHOP_STAGES, nextStages, orderRoad, type OrderStage } from '../../../contract/orders';
import { canMove, refusalOf } from './order-state';

const rank = (s: OrderStage) => ORDER_STAGES.indexOf(s);

describe('the order’s one forward-only table', () => {
  it('only ever moves forward (or to cancelled): no stage can be reached again', () => {
    for (const from of ORDER_STAGES)
      for (const madeToOrder of [true, false])
        for (const to of nextStages(from, madeToOrder)) {
          if (to === 'cancelled') continue;
          expect(rank(to), `${from} → ${to}`).toBeGreaterThan(rank(from));
        }
  });

  it('a made-to-order piece goes through every workshop stage in order; a ready-to-ship one skips them', () => {
    const walk = (madeToOrder: boolean) => {
      const road: OrderStage[] = ['paid'];
      for (;;) {
        const next = nextStages(road.at(-1)!, madeToOrder).filter((s) => s !== 'cancelled');
        expect(next.length, `one way forward from ${road.at(-1)}`).toBeLessThanOrEqual(1);
        if (next.length === 0) return road;
        road.push(next[0]!);
      }
    };
    expect(walk(true)).toEqual(orderRoad(true));
    expect(walk(true)).toEqual(['paid', ...WORKSHOP_STAGES, 'ready_to_dispatch', 'shipped', 'delivered', 'installed']);
    expect(walk(false)).toEqual(['paid', 'ready_to_dispatch', 'shipped', 'delivered', 'installed']);
    expect(orderRoad(false)).toEqual(walk(false));
  });

  it('allows cancellation before delivery, as the shipping policy says, never once delivered', () => {
    for (const stage of ['pending', 'expired', 'paid', 'in_production', ...WORKSHOP_STAGES, 'ready_to_dispatch', 'shipped'] as OrderStage[])
      expect(canMove(stage, 'cancelled', true), stage).toBe(true);
    for (const stage of ['delivered', 'installed', 'cancelled'] as OrderStage[]) expect(canMove(stage, 'cancelled', true), stage).toBe(false);
  });

  it('keeps every existing status with its meaning: workshop stages are in production, installed is delivered', () => {
    for (const stage of WORKSHOP_STAGES) expect(ORDER_FLOW[stage].status).toBe('in_production');
    expect(ORDER_FLOW.installed.status).toBe('delivered');
    for (const stage of ['pending', 'paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered', 'cancelled', 'expired'] as const)
      expect(ORDER_FLOW[stage].status).toBe(stage);
  });

  it('refuses a skip, a step back and a ready-to-ship piece in the workshop with a sentence', () => {
    expect(refusalOf('joinery', 'quality_check', true)).toBe(
      'An order cannot skip a stage: this one is at joinery, and its next stage is finishing and polish, not quality check.',
    );
    expect(refusalOf('joinery', 'timber_selection', true)).toBe('An order never goes back: this one is at joinery, past timber selection.');
    expect(refusalOf('paid', 'joinery', false)).toBe('A ready-to-ship order skips the workshop: its next stage is ready to dispatch.');
    expect(refusalOf('delivered', 'cancelled', true)).toBe('An order that is delivered cannot become cancelled.');
    expect(refusalOf('joinery', 'joinery', true)).toBe('This order is already at joinery.');
  });
});
