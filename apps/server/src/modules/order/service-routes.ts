/** Handlers of service orders' parts (000 §7.3): /order_service/* and /order_object/*. */
import type { Handlers } from '../../http/handlers.ts';
import { deleteImage, deleteObject, readImage, saveImages, saveObject } from './objects.ts';
import { deleteService, saveService } from './services.ts';
import { invoiceServiceOrder } from './service-invoice.ts';

export const serviceOrderHandlers = {
  orderServiceSave: ({ tx, caller, body }) => saveService(tx, caller, body),
  orderServiceDelete: ({ tx, caller, body }) => deleteService(tx, caller, body.id_pedido_servico),
  orderObjectSave: ({ tx, caller, body }) => saveObject(tx, caller, body),
  orderObjectDelete: ({ tx, caller, body }) => deleteObject(tx, caller, body.id_pedido_objeto),
  orderObjectSaveImages: ({ tx, caller, body }) => saveImages(tx, caller, body),
  orderObjectDeleteImage: ({ tx, caller, body }) => deleteImage(tx, caller, body.id_pedido_objeto_imagem),
  orderObjectImage: ({ tx, caller, body }) => readImage(tx, caller, body.id_pedido_objeto_imagem),
  invoiceServiceOrder: ({ tx, caller, body }) => invoiceServiceOrder(tx, caller, body),
} satisfies Partial<Handlers>;
