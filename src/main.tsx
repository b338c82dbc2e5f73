import '@/index.css';
import { boot } from '@/app/boot/boot';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(container);
