export type GoalStatus = 'pending' | 'in-progress' | 'completed';

export interface SampleGoal {
  id: string;
  title: string;
  subtitle: string;
  date: string;
  amount: number;
  status: GoalStatus;
  /** 0 to 100. */
  progress: number;
}

/** Static sample data: the dashboard's events are placeholders (docs/product.md#screens). */
export const SAMPLE_GOALS: SampleGoal[] = [
  {
    id: 'goal-1',
    title: 'Emergency Fund',
    subtitle: 'Three months of expenses',
    date: '2026-09-30',
    amount: 6000,
    status: 'in-progress',
    progress: 65,
  },
  {
    id: 'goal-2',
    title: 'Summer Vacation',
    subtitle: 'Flights and hotel',
    date: '2026-07-15',
    amount: 2500,
    status: 'pending',
    progress: 10,
  },
  {
    id: 'goal-3',
    title: 'New Laptop',
    subtitle: 'Work upgrade',
    date: '2026-03-01',
    amount: 1800,
    status: 'completed',
    progress: 100,
  },
];

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In progress',
  completed: 'Completed',
};
