import autocannon from 'autocannon';
const r = await autocannon({ url: 'http://127.0.0.1:3997/api/product-items?page=1', method: 'POST', connections: 50, duration: Number(process.argv[2] ?? 10), headers: { domain: 'bench.gemstore.test', 'content-type': 'application/json' }, body: JSON.stringify({ filter: { product: 'blue-sapphire', grades: [1, 2], colors: [2, 1], origins: [1, 3] } }) });
console.log(r.requests.average, 'req/s', 'p99', r.latency.p99, 'non2xx', r.non2xx);
