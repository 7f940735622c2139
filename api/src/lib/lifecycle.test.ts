import { checkTransition, lifecycles, stepsBetween, stepsTo, type Lifecycle, type Status } from './lifecycle';

describe('the lifecycles', () => {
  test('the steps to a status are the fewest, the table\'s first among equals', () => {
    expect(stepsTo('orders', 'new')).toEqual([]);
    expect(stepsTo('orders', 'completed')).toEqual(['confirmed', 'shipped', 'completed']);
    expect(stepsTo('orders', 'cancelled')).toEqual(['cancelled']);
    expect(stepsBetween('orders', 'confirmed', 'cancelled')).toEqual(['cancelled']);
    expect(stepsTo('claims', 'closed')).toEqual(['in_review', 'accepted', 'closed']);
    expect(stepsTo('claims', 'rejected')).toEqual(['in_review', 'rejected']);
    expect(() => stepsBetween('orders', 'shipped', 'new')).toThrow('new cannot follow shipped');
  });

  test('every status of every lifecycle is reached by steps each transition allows', () => {
    for (const lifecycle of Object.keys(lifecycles) as Lifecycle[]) {
      for (const status of Object.keys(lifecycles[lifecycle]) as Array<Status<typeof lifecycle>>) {
        const first = Object.keys(lifecycles[lifecycle])[0];
        stepsTo(lifecycle, status).reduce((from, to) => {
          expect(() => checkTransition(lifecycle, from, to)).not.toThrow();
          return to;
        }, first);
      }
    }
  });
});
