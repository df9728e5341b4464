import type { Server } from 'node:http';

export function roundRobinFront(nodes: { port: number; alive: () => boolean }[]): { server: Server; served: number[] };
