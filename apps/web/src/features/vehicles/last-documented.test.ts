import { describe, expect, it } from 'vitest';
import { lastDocumentedAt } from './last-documented';

describe('lastDocumentedAt', () => {
  const routeActivities = [
    { id: 1, acquiredAt: '2024-03-01' },
    { id: 2, acquiredAt: '2024-07-15' },
    { id: 3, acquiredAt: '2025-01-02' },
  ];

  it('is the latest acquiredAt of the route activities linked to the vehicle', () => {
    const vehicleActivities = [
      { acquiredVehicles: ['/api/vehicles/5'], routeActivity: '/api/route_activities/1' },
      { acquiredVehicles: ['/api/vehicles/6', '/api/vehicles/5'], routeActivity: '/api/route_activities/2' },
      { acquiredVehicles: ['/api/vehicles/6'], routeActivity: '/api/route_activities/3' },
    ];
    expect(lastDocumentedAt('/api/vehicles/5', vehicleActivities, routeActivities)).toBe('2024-07-15');
    expect(lastDocumentedAt('/api/vehicles/6', vehicleActivities, routeActivities)).toBe('2025-01-02');
  });

  it('is null for a vehicle never documented', () => {
    expect(lastDocumentedAt('/api/vehicles/7', [], routeActivities)).toBeNull();
  });
});
